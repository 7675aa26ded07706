#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev_UserPromptSubmit
[ -n "$CLAUDE_ENV_FILE" ] && echo "export ENVF_USERPROMPTSUBMIT=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"
exit 0
