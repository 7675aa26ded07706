#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
cat <<'J'
{"decision": "block", "reason": "PERM-LEGACY"}
J
exit 0
