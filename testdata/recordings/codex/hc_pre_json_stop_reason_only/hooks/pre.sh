#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"stopReason": "STOP-REASON-ONLY"}
J
exit 0
