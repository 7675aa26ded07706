#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_b
echo 'export SS_B=b' >> "$CLAUDE_ENV_FILE"
