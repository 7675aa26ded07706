#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" aa_always
n=$(cat "$GEMINI_PROJECT_DIR/aa_count" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$GEMINI_PROJECT_DIR/aa_count"
if [ $n -gt 30 ]; then exit 0; fi
cat <<'J'
{"decision": "deny", "reason": "AA-AGAIN"}
J
exit 0
