#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" async_h
sleep 1 </dev/null >/dev/null 2>&1 &
wait $!
cat <<'J'
{"systemMessage": "ASYNC-SM", "hookSpecificOutput": {"additionalContext": "ASYNC-CTX"}}
J
exit 0
