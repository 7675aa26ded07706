#!/bin/bash
. "$(dirname "$0")/_capture.sh" pblock
cat <<'J'
{"decision": "block", "reason": "AP-POST-BLOCK: the edit broke the build"}
J
exit 0
