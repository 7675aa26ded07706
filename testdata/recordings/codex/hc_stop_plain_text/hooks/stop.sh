#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
echo STOP-PLAIN
exit 0
