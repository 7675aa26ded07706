#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo FB-DENY >&2
exit 2
