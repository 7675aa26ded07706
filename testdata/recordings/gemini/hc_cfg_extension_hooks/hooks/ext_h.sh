#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ext_h
cat <<'J'
{"systemMessage": "SM-EXT"}
J
exit 0
