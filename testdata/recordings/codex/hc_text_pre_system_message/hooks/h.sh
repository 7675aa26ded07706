#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"systemMessage": "SYSMSG-TXT"}
J
exit 0
