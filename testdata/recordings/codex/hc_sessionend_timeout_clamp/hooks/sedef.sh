#!/bin/bash
. "$(dirname "$0")/_capture.sh" sedef
sleep 4
echo DONE > sedef-done.txt
exit 0
