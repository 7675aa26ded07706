#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'just some plain text from the hook'
exit 0
