#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" post_e2
printf '%s\n' 'POST-E2-STDERR' >&2
exit 2
