#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'__JSON__'
{"decision": "block", "reason": "E2-POST-REASON"}
__JSON__
exit 2
