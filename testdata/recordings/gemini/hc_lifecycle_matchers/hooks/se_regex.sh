#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" se_regex
exit 0
