#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-deny}"
echo '{"behavior":"deny","message":"PERM-DENIED-X"}'
