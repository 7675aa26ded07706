#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"reason": "POST-REASON-ONLY"}
J
exit 0
