#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
echo out
exit 2
