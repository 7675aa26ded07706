#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" seq_b
exit 0
