#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
cat <<'__JSON__'
{"systemMessage": "PERM-SM", "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}, "additionalContext": "PERM-CTX"}}
__JSON__
