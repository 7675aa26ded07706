#!/bin/bash
. "$(dirname "$0")/_capture.sh" batch_plain
echo 'BATCH-PLAIN'
