#!/bin/bash
. "$(dirname "$0")/_capture.sh" awr2
sleep 2
echo 'ASYNC-REWAKE-LATE' >&2
exit 2
