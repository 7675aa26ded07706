#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev_PostToolUse
[ -n "$CLAUDE_ENV_FILE" ] && echo "export ENVF_POSTTOOLUSE=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"
exit 0
