#!/bin/bash
. "$(dirname "$0")/_capture.sh" cf
cat <<'__JSON__'
{"continue": false, "stopReason": "CF-STOPREASON", "systemMessage": "CF-SYSMSG"}
__JSON__
