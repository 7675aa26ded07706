#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-deny2}"
echo CLAUDE-EXIT2-REASON >&2
exit 2
