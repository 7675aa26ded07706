#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"reason": "LEGACY-REASON-ONLY"}
J
exit 0
