#!/bin/bash
. "$(dirname "$0")/_capture.sh" arw3
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.5
echo 'REWAKE-STDOUT-ONLY'
exit 2
