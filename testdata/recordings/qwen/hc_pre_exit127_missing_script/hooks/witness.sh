#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" witness
exit 0
