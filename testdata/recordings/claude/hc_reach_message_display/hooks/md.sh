#!/bin/bash
. "$(dirname "$0")/_capture.sh" md
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "MessageDisplay", "displayContent": "REPLACED-DISPLAY"}}
__JSON__
