#!/bin/bash
. "$(dirname "$0")/_capture.sh" g2
echo 'G2 says no' >&2
exit 2
