#!/bin/bash
. "$(dirname "$0")/_capture.sh" intdef
sleep 2
echo DONE > intdef-done.txt
exit 0
