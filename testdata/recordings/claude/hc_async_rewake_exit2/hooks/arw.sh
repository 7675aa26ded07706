#!/bin/bash
. "$(dirname "$0")/_capture.sh" arw
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.5
echo 'REWAKE-STDERR' >&2
exit 2
