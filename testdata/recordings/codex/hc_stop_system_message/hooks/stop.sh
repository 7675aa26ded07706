#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
cat <<'J'
{"systemMessage": "STOP-SYSMSG"}
J
exit 0
