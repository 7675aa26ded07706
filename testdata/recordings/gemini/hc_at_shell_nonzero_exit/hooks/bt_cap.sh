#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" bt_cap
exit 0
