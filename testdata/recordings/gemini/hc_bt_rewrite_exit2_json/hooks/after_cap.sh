#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" after_cap
exit 0
