#!/bin/bash
. "$(dirname "$0")/_capture.sh" arw2
sleep 2
echo 'REWAKE-LATE-STDERR' >&2
exit 2
