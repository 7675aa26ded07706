#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_e1
echo 'BATCH-E1' >&2
exit 1
