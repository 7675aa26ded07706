#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_a
echo 'export SS_A=a' >> "$CLAUDE_ENV_FILE"
