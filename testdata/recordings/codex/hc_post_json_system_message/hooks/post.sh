#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
cat <<'J'
{"systemMessage": "POST-SYSMSG"}
J
exit 0
