#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "GOAL-POST-BLOCK"}
J
exit 0
