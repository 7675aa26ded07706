#!/bin/bash
. "$(dirname "$0")/_capture.sh" ralph
f="$CLAUDE_PROJECT_DIR/.ralph"
n=$(cat "$f" 2>/dev/null || echo 0)
n=$((n+1)); echo $n > "$f"
if [ $n -le 2 ]; then
  jq -n --arg r "iteration $n: keep going" '{decision:"block", reason:$r}'
fi
