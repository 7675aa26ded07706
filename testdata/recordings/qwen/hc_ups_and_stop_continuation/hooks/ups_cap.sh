#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ups_cap
exit 0
