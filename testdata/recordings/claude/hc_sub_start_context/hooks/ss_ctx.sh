#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_ctx
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": "SUBSTART-CTX: be brief"}}
__JSON__
