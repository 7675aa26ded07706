#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" se_exact
exit 0
