#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" g_ba
exit 0
