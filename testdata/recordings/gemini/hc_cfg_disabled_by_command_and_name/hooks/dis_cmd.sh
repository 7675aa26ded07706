#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" dis_cmd
exit 0
