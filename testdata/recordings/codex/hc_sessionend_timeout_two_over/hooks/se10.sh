#!/bin/bash
. "$(dirname "$0")/_capture.sh" se10
sleep 1
echo DONE > se10-done.txt
exit 0
