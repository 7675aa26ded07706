#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ext1_h
exit 0
