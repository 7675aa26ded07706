#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev_Stop
[ -n "$CLAUDE_ENV_FILE" ] && echo "export ENVF_STOP=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"
exit 0
