#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"continue": false}
J
exit 0
