#!/bin/bash
. "$(dirname "$0")/_capture.sh" fc_env
echo 'export FROM_FC=fc' >> "$CLAUDE_ENV_FILE"
