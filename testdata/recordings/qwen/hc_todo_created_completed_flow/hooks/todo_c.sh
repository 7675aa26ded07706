#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" todo_c
exit 0
