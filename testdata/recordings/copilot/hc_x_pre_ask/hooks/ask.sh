#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-ask}"
echo '{"permissionDecision":"ask","permissionDecisionReason":"ASK-X"}'
