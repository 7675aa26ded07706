#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"decision": "block", "reason": "\n  POST-PADDED  \n"}
J
exit 0
