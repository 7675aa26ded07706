#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "deny"}}}
__JSON__
