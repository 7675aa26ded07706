#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_ss
cat <<'__JSON__'
{"systemMessage": "SM-SESSIONSTART"}
__JSON__
