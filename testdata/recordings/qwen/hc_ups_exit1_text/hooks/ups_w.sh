#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_w
printf '%s\n' 'UPS-WARN'
exit 1
