#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
cat <<'J'
{"decision": "block"}
J
exit 0
