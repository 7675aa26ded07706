#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_deny_b
grep -q 'echo B' "$HOOK_STDIN_FILE" && { echo 'DENY-B' >&2; exit 2; }
exit 0
