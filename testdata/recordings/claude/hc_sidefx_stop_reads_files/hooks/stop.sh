#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
if [ -f "$CLAUDE_PROJECT_DIR/notes.md" ]; then n=$(wc -l < "$CLAUDE_PROJECT_DIR/notes.md" | tr -d ' '); else n=missing; fi
printf '{"decision":"block","reason":"notes.md has %s lines; ran.log: %s"}\n' "$n" "$(cat "$CLAUDE_PROJECT_DIR/ran.log" 2>/dev/null | tr '\n' ' ')"
