#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" named
exit 0
