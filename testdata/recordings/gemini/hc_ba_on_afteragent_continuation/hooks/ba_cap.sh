#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_cap
exit 0
