#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" sh_pwsh
exit 0
