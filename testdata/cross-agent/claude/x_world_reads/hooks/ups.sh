#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
echo "ups run" >> "$CLAUDE_PROJECT_DIR/ups.log"
echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"UPS-CONTEXT-MARKER"}}'
