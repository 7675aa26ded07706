#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" p_hook
exit 0
