#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" c_hook
exit 0
