#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_sm
cat <<'__JSON__'
{"systemMessage": "SUBSTART-SYSMSG", "continue": false, "stopReason": "SUBSTART-STOP"}
__JSON__
