#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if [ -f DONE ]; then exit 0; fi
printf '{"decision":"block","reason":"create DONE first (stop_hook_active=%s)"}' "$(jq -r .stop_hook_active "$HOOK_STDIN_FILE")"
exit 0
