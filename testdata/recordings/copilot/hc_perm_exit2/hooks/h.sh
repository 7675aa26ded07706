#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-h}"
echo PERM-STDERR >&2
exit 2
