#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_exit1
echo 'STOP-EXIT1-STDERR' >&2
exit 1
