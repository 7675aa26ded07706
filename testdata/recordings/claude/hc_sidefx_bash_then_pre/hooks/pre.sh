#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"SEES=%s"}}\n' "$(cat "$CLAUDE_PROJECT_DIR"/sub/made.txt 2>/dev/null || echo none)"
