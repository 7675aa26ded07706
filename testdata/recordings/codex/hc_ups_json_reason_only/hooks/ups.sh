#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"reason": "UPS-REASON-ONLY"}
J
exit 0
