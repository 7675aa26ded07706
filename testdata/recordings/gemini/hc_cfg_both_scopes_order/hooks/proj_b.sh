#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" proj_b
cat <<'J'
{"systemMessage": "SM-PROJECT"}
J
exit 0
