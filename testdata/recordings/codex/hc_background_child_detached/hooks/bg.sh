#!/bin/bash
. "$(dirname "$0")/_capture.sh" bg
( sleep 3 ) </dev/null >/dev/null 2>&1 &
exit 0
