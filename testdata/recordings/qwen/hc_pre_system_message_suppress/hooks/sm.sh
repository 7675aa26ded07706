#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sm
cat <<'J'
{"systemMessage": "PRE-SM", "suppressOutput": true}
J
exit 0
