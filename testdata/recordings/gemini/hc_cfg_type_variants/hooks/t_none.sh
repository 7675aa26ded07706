#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" t_none
exit 0
