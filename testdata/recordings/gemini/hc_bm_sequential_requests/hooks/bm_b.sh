#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_b
exit 0
