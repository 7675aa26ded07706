#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-first}"
touch "$ORACLE_CAPTURE_DIR/first.started"
sleep 2
touch "$ORACLE_CAPTURE_DIR/first.ended"
