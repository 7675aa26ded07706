#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" dis_named
exit 0
