#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" keep
exit 0
