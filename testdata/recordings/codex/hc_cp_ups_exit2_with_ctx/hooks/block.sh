#!/bin/bash
. "$(dirname "$0")/_capture.sh" block
sleep 0.3
echo 'prompt rejected by policy' >&2
exit 2
