#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_end
cat <<'__JSON__'
{"systemMessage": "SM-END"}
__JSON__
