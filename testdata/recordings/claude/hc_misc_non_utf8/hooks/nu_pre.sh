#!/bin/bash
. "$(dirname "$0")/_capture.sh" nu_pre
grep -q 'echo B' "$HOOK_STDIN_FILE" || exit 0
printf 'ERR\xffBYTE\n' >&2
exit 2
