#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" at_any
exit 0
