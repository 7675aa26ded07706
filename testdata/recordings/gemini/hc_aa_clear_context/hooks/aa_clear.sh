#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" aa_clear
if hook_input_true stop_hook_active; then exit 0; fi
cat <<'J'
{"decision": "deny", "reason": "AA-CLEAR", "hookSpecificOutput": {"clearContext": true}}
J
exit 0
