#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" t_neg
sleep 1 </dev/null >/dev/null 2>&1 &
wait $!
exit 0
