#!/bin/bash
__oracle_args=("$@"); . "$(dirname "$0")/_capture.sh" "${1:-second}"
if [ -e "$ORACLE_CAPTURE_DIR/first.ended" ]; then w=AFTER; elif [ -e "$ORACLE_CAPTURE_DIR/first.started" ]; then w=OVERLAP; else w=BEFORE; fi
printf '{"additionalContext":"SECOND-SAW-%s"}\n' "$w"
