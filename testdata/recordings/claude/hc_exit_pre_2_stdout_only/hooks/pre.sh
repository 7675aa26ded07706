#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'PRE-E2-STDOUT'
exit 2
