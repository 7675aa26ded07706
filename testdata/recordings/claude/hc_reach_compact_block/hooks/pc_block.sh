#!/bin/bash
. "$(dirname "$0")/_capture.sh" pc_block
echo 'NO-COMPACT' >&2
exit 2
