#!/bin/bash
. "$(dirname "$0")/_capture.sh" sst_cf
cat <<'__JSON__'
{"continue": false, "stopReason": "SUBSTOP-CF"}
__JSON__
