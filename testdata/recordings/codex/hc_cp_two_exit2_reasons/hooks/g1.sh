#!/bin/bash
. "$(dirname "$0")/_capture.sh" g1
sleep 0.4
echo 'G1 says no' >&2
exit 2
