#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo 'STDERR-FB' >&2
cat <<'J'
{"decision": "block", "reason": "JSON-BLOCK"}
J
exit 2
