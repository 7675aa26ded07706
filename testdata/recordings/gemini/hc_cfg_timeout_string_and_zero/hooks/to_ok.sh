#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" to_ok
sleep 1 </dev/null >/dev/null 2>&1 &
wait $!
cat <<'J'
{"systemMessage": "TO-OK-DONE"}
J
exit 0
