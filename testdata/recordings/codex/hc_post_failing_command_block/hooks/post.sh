#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "POST-BLOCK-ON-FAIL"}
J
exit 0
