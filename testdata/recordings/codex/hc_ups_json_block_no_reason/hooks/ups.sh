#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"decision": "block"}
J
exit 0
