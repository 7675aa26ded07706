#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_e2
echo 'BATCH-EXIT2-STDERR' >&2
exit 2
