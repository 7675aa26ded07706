#!/bin/bash
. "$(dirname "$0")/_capture.sh" envr
ctx="CLAUDECODE=${CLAUDECODE:-unset} ENTRY=${CLAUDE_CODE_ENTRYPOINT:-unset} AGENT=${AI_AGENT:-unset} ENVFILE=${CLAUDE_ENV_FILE:+set} INPROJ=$([ "$PWD" = "$CLAUDE_PROJECT_DIR" ] && echo yes || echo no) MARK=${ORACLE_MARKER:-unset}"
jq -n --arg c "$ctx" '{hookSpecificOutput:{hookEventName:"PostToolUse", additionalContext:$c}}'
