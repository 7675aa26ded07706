#!/bin/bash
. "$(dirname "$0")/_capture.sh" lastmsg
hook_input_true stop_hook_active && exit 0
m=$(jq -r .last_assistant_message "$HOOK_STDIN_FILE")
case "$m" in *TODO*) echo "You left a TODO in: $m" >&2; exit 2;; esac
