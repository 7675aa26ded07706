#!/bin/bash
. "$(dirname "$0")/_capture.sh" bg
( sleep 3; echo late ) &
echo '{}'
exit 0
