#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
sleep 8 & wait $!
echo SE-DONE > se-done.txt
exit 0
