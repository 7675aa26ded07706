#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" post_cap
exit 0
