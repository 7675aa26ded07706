#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "EXIT1-BLOCK"}
J
exit 1
