#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" pwd_probe
exit 0
