#!/bin/bash
. "$(dirname "$0")/_capture.sh" upsx
cat <<'__JSON__'
{"continue": true, "suppressOutput": false, "systemMessage": "context loaded", "metadata": {"v": 1}, "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "UPS-EXTRA-CTX", "source": "kb", "score": 0.9}}
__JSON__
