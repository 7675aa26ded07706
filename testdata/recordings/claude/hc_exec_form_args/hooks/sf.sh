#!/bin/bash
printf "%s\n" "$0" "$@" > "$CLAUDE_PROJECT_DIR/args_sf.txt"
. "$(dirname "$0")/_capture.sh" sf
exit 0
