#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'stdout only'
exit 2
