#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" p_ups
exit 0
