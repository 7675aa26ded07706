#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sa_stop
exit 0
