#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stop_cap
exit 0
