#!/bin/bash
printf "%s\n" "$0" "$@" > "$CLAUDE_PROJECT_DIR/args_ex.txt"
. "$(dirname "$0")/_capture.sh" ex
exit 0
