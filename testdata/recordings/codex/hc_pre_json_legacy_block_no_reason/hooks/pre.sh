#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{"decision": "block"}
J
exit 0
