#!/bin/bash
. "$(dirname "$0")/_capture.sh" cf
grep -q 'echo B' "$HOOK_STDIN_FILE" || exit 0
cat <<'__JSON__'
{"continue": false, "stopReason": "CF-STOPREASON", "systemMessage": "CF-SYSMSG"}
__JSON__
