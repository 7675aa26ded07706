#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_cfg
cat <<'J'
{"hookSpecificOutput": {"llm_request": {"model": "gemini-2.5-flash", "config": {"temperature": 0.123, "maxOutputTokens": 77}}}}
J
exit 0
