#!/bin/bash
. "$(dirname "$0")/_capture.sh" allpre
echo "DENY-$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tool_name"])' "$HOOK_STDIN_FILE")" >&2
exit 2
