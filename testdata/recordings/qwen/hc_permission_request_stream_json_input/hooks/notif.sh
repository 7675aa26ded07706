#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" notif
exit 0
