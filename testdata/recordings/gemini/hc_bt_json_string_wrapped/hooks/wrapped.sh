#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" wrapped
printf '%s\n' '"{\"decision\":\"deny\",\"reason\":\"WRAPPED-DENY\"}"'
exit 0
