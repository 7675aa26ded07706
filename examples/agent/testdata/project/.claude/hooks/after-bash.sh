#!/bin/sh
# Claude Code PostToolUse hook: context for the model with the tool's result.
cat >/dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"Check the listing for stray build files."}}'
