#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" n_star
exit 0
