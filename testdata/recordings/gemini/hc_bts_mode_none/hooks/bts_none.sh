#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bts_none
cat <<'J'
{"hookSpecificOutput": {"toolConfig": {"mode": "NONE"}}}
J
exit 0
