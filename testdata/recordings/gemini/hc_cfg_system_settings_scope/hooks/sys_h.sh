#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sys_h
cat <<'J'
{"systemMessage": "SM-SYSTEM"}
J
exit 0
