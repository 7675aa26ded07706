#!/bin/bash
. "$(dirname "$0")/_capture.sh" m_empty
cat <<'__JSON__'
{"decision": "approve", "reason": "auto-approved"}
__JSON__
