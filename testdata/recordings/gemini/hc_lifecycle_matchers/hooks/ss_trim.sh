#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_trim
exit 0
