#!/bin/bash
. "$(dirname "$0")/_capture.sh" autoap
jq -n '{hookSpecificOutput:{hookEventName:"PermissionRequest", decision:{behavior:"allow"}}}'
