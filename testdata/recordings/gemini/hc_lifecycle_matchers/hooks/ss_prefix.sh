#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_prefix
exit 0
