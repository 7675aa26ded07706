#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
cat <<'J'
{"continue": false, "stopReason": "SE-STOP", "systemMessage": "SE-SYS"}
J
exit 0
