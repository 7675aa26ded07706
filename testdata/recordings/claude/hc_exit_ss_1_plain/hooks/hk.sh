#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'SS-PLAIN-E1'
exit 1
