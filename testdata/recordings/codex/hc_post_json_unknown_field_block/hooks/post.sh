#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "POST-UNK", "x": 1}
J
exit 0
