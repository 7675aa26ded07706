#!/bin/bash
. "$(dirname "$0")/_capture.sh" se2
sleep 2.5
echo DONE > se2-done.txt
exit 0
