#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_pre
cat <<'__JSON__'
{"systemMessage": "SM-PRE"}
__JSON__
