#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo '{not json at all'
exit 0
