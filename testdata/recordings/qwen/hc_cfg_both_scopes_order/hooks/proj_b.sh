#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" proj_b
exit 0
