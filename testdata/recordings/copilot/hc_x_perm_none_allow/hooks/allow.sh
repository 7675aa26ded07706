#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-allow}"
echo '{"behavior":"allow"}'
