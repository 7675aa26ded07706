#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" t_1500
sleep 3 </dev/null >/dev/null 2>&1 &
wait $!
exit 0
