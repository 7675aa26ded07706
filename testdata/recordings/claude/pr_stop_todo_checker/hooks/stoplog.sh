#!/bin/bash
. "$(dirname "$0")/_capture.sh" stoplog
echo "stop $(date +%s)" >> "$CLAUDE_PROJECT_DIR"/stop.log
