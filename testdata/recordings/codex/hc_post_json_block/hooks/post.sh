#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "POST-BLOCK-REASON"}
J
exit 0
