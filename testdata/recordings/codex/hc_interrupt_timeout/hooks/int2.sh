#!/bin/bash
. "$(dirname "$0")/_capture.sh" int2
sleep 2.5
echo DONE > int2-done.txt
exit 0
