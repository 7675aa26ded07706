#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" t_ok
exit 0
