#!/bin/bash
. "$(dirname "$0")/_capture.sh" pd
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PermissionDenied", "retry": true}}
__JSON__
