#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sys_h
exit 0
