#!/bin/bash
. "$(dirname "$0")/_capture.sh" tc
[ -f "$CLAUDE_PROJECT_DIR/.tc_once" ] && exit 0
touch "$CLAUDE_PROJECT_DIR/.tc_once"
echo 'TC-BLOCK' >&2
exit 2
