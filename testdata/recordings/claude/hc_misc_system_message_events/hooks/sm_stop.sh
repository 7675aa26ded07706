#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_stop
cat <<'__JSON__'
{"systemMessage": "SM-STOP"}
__JSON__
