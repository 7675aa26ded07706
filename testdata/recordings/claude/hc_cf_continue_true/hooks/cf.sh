#!/bin/bash
. "$(dirname "$0")/_capture.sh" cf
cat <<'__JSON__'
{"continue": true, "stopReason": "CT-STOPREASON"}
__JSON__
