#!/bin/bash
. "$(dirname "$0")/_capture.sh" aplain
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.2
echo 'ASYNC-PLAIN-STDOUT'
