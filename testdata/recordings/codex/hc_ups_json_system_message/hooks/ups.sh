#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
cat <<'J'
{"systemMessage": "UPS-SYSMSG"}
J
exit 0
