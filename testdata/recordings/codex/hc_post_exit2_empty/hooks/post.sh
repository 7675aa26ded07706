#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo out
exit 2
