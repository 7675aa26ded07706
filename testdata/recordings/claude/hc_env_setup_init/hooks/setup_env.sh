#!/bin/bash
. "$(dirname "$0")/_capture.sh" setup_env
echo 'export FROM_SETUP=setup' >> "$CLAUDE_ENV_FILE"
echo 'SETUP-STDOUT'
