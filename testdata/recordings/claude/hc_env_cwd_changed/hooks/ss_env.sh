#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_env
echo 'export FROM_SS=ss' >> "$CLAUDE_ENV_FILE"
