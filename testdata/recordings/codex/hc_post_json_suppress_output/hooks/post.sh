#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"suppressOutput": true}
J
exit 0
