#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
printf 'Welcome to caf\xe9 project\r\n'
exit 0
