#!/bin/bash
. "$(dirname "$0")/_capture.sh" sslat
printf 'Welcome to caf\xe9 project\n'
