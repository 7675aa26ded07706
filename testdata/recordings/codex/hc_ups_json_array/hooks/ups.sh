#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
echo '[1]'
exit 0
