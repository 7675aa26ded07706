#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" post_text
printf '%s\n' 'POST-PLAIN'
exit 0
