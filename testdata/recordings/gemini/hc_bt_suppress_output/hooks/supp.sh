#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" supp
cat <<'J'
{"systemMessage": "SUPPRESSED-SM", "suppressOutput": true}
J
exit 0
