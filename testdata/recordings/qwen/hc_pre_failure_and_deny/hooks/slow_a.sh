#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" slow_a
sleep 4 </dev/null >/dev/null 2>&1 &
wait $!
exit 0
