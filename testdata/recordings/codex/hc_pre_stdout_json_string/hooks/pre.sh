#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo '"deny"'
exit 0
