#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
echo FAIL-GUIDANCE >&2
exit 2
