#!/bin/bash
. "$(dirname "$0")/_capture.sh" pctx
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "AP-POST-CTX: run gofmt"}}
J
exit 0
