#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
echo out
exit 2
