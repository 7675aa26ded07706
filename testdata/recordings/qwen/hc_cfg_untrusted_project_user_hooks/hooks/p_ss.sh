#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" p_ss
exit 0
