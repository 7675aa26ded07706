#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_sm
cat <<'J'
{"systemMessage": "STOP-SM"}
J
exit 0
