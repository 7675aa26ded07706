#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" perm_none
exit 0
