#!/bin/bash
. "$(dirname "$0")/_capture.sh" prex
cat <<'__JSON__'
{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "RULE-R1-DENY", "ruleId": "R1"}, "version": 2}
__JSON__
