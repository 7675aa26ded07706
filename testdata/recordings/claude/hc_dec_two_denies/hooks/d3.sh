#!/bin/bash
. "$(dirname "$0")/_capture.sh" d3
sleep 0.3
echo 'DENY-THREE' >&2
exit 2
