#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bm_zzz
exit 0
