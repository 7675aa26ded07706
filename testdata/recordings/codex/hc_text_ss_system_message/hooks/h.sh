#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"systemMessage": "SS-SYS-TXT"}
J
exit 0
