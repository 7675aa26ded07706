#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_env2
echo 'export FROM_SS2=ss2' >> "$CLAUDE_ENV_FILE"
