#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_e2
printf '%s\n' 'BM-E2-STDERR' >&2
exit 2
