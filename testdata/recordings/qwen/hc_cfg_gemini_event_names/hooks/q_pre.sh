#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" q_pre
exit 0
