#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" am_zzz
exit 0
