#!/bin/bash
. "$(dirname "$0")/_capture.sh" slow
( sleep 3; echo GRANDCHILD-ALIVE >> {{PROJECT}}/grandchild.txt ) &
sleep 10 & wait $!
exit 0
