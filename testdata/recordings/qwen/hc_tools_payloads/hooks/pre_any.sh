#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" pre_any
exit 0
