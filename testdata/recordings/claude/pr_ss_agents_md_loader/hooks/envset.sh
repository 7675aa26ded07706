#!/bin/bash
. "$(dirname "$0")/_capture.sh" envset
echo "export PROJ_MODE=dev" >> "$CLAUDE_ENV_FILE"
echo "Environment prepared (PROJ_MODE)"
