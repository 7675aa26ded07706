#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_ms_json
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PostModelSwitch", "additionalContext": "POST-MS-CTX"}}
__JSON__
