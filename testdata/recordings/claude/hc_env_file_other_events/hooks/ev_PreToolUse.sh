#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev_PreToolUse
[ -n "$CLAUDE_ENV_FILE" ] && echo "export ENVF_PRETOOLUSE=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"
exit 0
