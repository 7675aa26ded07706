#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
sleep 1.5
echo SE-DONE > se-done.txt
exit 0
