#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" n_re
exit 0
