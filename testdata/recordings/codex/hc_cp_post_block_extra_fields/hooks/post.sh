#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{
  "decision": "block",
  "reason": "output hidden by policy",
  "systemMessage": "note",
  "suppressOutput": false
}
J
exit 0
