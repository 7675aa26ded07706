#!/bin/bash
. "$(dirname "$0")/_capture.sh" sf
echo 'SF-STDERR' >&2
cat <<'__JSON__'
{"systemMessage": "SF-SM", "decision": "block", "reason": "SF-R"}
__JSON__
exit 2
