#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" to_abc
sleep 1 </dev/null >/dev/null 2>&1 &
wait $!
cat <<'J'
{"decision": "deny", "reason": "ABC-DENY"}
J
exit 0
