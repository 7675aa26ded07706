#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss3
exit 0
