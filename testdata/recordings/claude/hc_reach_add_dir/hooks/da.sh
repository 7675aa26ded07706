#!/bin/bash
. "$(dirname "$0")/_capture.sh" da
cat <<'__JSON__'
{"systemMessage": "DA-SM"}
__JSON__
