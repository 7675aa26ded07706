#!/bin/bash
. "$(dirname "$0")/_capture.sh" apost_e2
grep -q "echo A" "$HOOK_STDIN_FILE" || exit 0
sleep 0.3
echo 'ASYNC-EXIT2-STDERR' >&2
exit 2
