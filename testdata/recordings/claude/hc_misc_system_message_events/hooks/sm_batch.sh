#!/bin/bash
. "$(dirname "$0")/_capture.sh" sm_batch
cat <<'__JSON__'
{"systemMessage": "SM-BATCH"}
__JSON__
