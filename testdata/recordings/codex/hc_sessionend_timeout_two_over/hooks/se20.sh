#!/bin/bash
. "$(dirname "$0")/_capture.sh" se20
sleep 1
echo DONE > se20-done.txt
exit 0
