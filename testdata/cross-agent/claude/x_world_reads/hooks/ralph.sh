#!/bin/bash
# A ralph-loop style Stop hook: the turn may end only once the last
# assistant message of the Claude transcript holds the promise.
. "$(dirname "$0")/_capture.sh" ralph
t=$(printf '%s' "$HOOK_INPUT" | jq -r '.transcript_path // ""')
n=$(cat "$CLAUDE_PROJECT_DIR/ralph.count" 2>/dev/null || echo 0)
if [ ! -f "$t" ]; then echo "no transcript" >> "$CLAUDE_PROJECT_DIR/ralph.log"; exit 0; fi
last=$(grep '"type":"assistant"' "$t" | jq -r 'select(.message.content[]?.type=="text") | [.message.content[] | select(.type=="text") | .text] | join("")' | tail -n 1)
if printf '%s' "$last" | grep -q 'PROMISE-COMPLETE'; then echo "done after $n" >> "$CLAUDE_PROJECT_DIR/ralph.log"; exit 0; fi
if [ "$n" -ge 3 ]; then echo "gave up" >> "$CLAUDE_PROJECT_DIR/ralph.log"; exit 0; fi
echo $((n+1)) > "$CLAUDE_PROJECT_DIR/ralph.count"
echo '{"decision":"block","reason":"RALPH-CONTINUE: keep going until the work is complete"}'
