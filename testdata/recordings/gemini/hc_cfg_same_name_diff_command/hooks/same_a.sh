#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" same_a
exit 0
