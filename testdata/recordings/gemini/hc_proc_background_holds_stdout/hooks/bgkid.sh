#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bgkid
cat <<'J'
{"systemMessage": "BG-SM"}
J
sleep 12 &
exit 0
