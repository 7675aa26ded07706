#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sysdef_h
cat <<'J'
{"systemMessage": "SM-SYSDEFAULTS"}
J
exit 0
