#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
sleep 0.3
echo SE-DONE > se-done.txt
exit 0
