#!/bin/bash
. "$(dirname "$0")/_capture.sh" tc
if [ -f "$CLAUDE_PROJECT_DIR/once" ]; then exit 0; fi; touch "$CLAUDE_PROJECT_DIR/once"
cat <<'__JSON__'
{"decision": "block", "reason": "E2-TC-REASON"}
__JSON__
exit 2
