#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PreModelRequest", "additionalContext": "PREMODELREQUEST-CTX"}}
J
exit 0
