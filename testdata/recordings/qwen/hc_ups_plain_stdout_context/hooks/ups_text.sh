#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_text
printf '%s\n' 'UPS-PLAIN <t>'
exit 0
