#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
f=$(printf '%s' "$HOOK_INPUT" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"].get("file_path",""))')
if [ -f "$f" ]; then n=$(wc -l < "$f" | tr -d ' '); c=$(tr '\n' '|' < "$f"); else n=missing; c=; fi
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"LINES=%s CONTENT=%s"}}\n' "$n" "$c"
