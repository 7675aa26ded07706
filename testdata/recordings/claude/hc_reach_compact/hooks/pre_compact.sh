#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_compact
cat <<'__JSON__'
{"systemMessage": "PC-SM"}
__JSON__
