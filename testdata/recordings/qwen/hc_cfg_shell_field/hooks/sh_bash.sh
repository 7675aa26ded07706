#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sh_bash
exit 0
