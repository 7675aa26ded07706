#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
echo '{oops'
exit 0
