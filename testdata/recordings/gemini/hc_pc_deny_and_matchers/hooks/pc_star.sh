#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" pc_star
exit 0
