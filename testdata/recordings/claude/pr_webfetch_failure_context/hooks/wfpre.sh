#!/bin/bash
. "$(dirname "$0")/_capture.sh" wfpre
cat <<'__JSON__'
{"systemMessage": "fetching external content"}
__JSON__
