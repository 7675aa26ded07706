#!/bin/bash
. "$(dirname "$0")/_capture.sh" setup_ctx
cat <<'__JSON__'
{"systemMessage": "SETUP-SM", "hookSpecificOutput": {"hookEventName": "Setup", "additionalContext": "SETUP-CTX"}}
__JSON__
