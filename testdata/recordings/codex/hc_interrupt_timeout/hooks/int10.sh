#!/bin/bash
. "$(dirname "$0")/_capture.sh" int10
sleep 5
echo DONE > int10-done.txt
exit 0
