#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ss_alt
exit 0
