#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev_SessionStart
[ -n "$CLAUDE_ENV_FILE" ] && echo "export ENVF_SESSIONSTART=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"
exit 0
