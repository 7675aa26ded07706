#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" deny_exit2
cat <<'J'
{"decision": "deny", "reason": "JSON-REASON-E2"}
J
printf '%s\n' 'STDERR-TEXT-E2' >&2
exit 2
