#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" u_hook
exit 0
