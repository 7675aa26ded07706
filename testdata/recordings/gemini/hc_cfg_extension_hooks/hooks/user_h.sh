#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" user_h
exit 0
