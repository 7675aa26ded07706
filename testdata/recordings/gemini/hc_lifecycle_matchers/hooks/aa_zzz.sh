#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" aa_zzz
exit 0
