#!/bin/bash
. "$(dirname "$0")/_capture.sh" cwd_env
echo "export FROM_CWD_HOOK=cwd-$RANDOM-yes" >> "$CLAUDE_ENV_FILE"
echo 'export FROM_CWD_FIXED=fixed' >> "$CLAUDE_ENV_FILE"
