#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"decision": "block", "reason": "POST-BLOCK-TXT"}
J
exit 0
