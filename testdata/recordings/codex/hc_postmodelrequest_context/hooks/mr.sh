#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostModelRequest", "additionalContext": "POSTMODELREQUEST-CTX"}}
J
exit 0
