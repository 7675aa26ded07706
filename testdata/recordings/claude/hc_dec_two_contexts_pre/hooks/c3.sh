#!/bin/bash
. "$(dirname "$0")/_capture.sh" c3
cat <<'__JSON__'
{"systemMessage": "PRE-SM"}
__JSON__
