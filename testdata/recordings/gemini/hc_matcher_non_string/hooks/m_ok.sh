#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" m_ok
cat <<'J'
{"decision": "deny", "reason": "SHOULD-DENY"}
J
exit 0
