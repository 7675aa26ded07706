#!/bin/bash
. "$(dirname "$0")/_capture.sh" cf
cat <<'__JSON__'
{"continue": false, "stopReason": "CF-STOPREASON", "systemMessage": "CF-SYSMSG"}
__JSON__
echo 'CF-EXIT2' >&2
exit 2
