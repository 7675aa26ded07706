#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_anch
exit 0
