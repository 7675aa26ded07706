#!/bin/bash
. "$(dirname "$0")/_capture.sh" ev_PostToolBatch
[ -n "$CLAUDE_ENV_FILE" ] && echo "export ENVF_POSTTOOLBATCH=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"
exit 0
