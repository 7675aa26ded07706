#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_c
cat <<'J'
{"hookSpecificOutput": {"hookEventName": "PostCompact", "additionalContext": "POSTCOMPACT-CTX"}}
J
exit 0
