#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" cap2
exit 0
