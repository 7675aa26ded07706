#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
cat <<'JSON'
{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "HSO-START-CTX"}}
JSON
