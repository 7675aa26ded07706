#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" user_a
cat <<'J'
{"systemMessage": "SM-USER"}
J
exit 0
