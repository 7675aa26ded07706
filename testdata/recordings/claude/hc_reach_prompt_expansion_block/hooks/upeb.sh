#!/bin/bash
. "$(dirname "$0")/_capture.sh" upeb
cat <<'__JSON__'
{"decision": "block", "reason": "UPE-BLOCKED"}
__JSON__
