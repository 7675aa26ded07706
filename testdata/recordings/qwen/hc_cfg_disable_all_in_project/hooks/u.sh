#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" u
exit 0
