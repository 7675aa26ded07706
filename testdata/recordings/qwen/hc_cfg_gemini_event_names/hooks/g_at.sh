#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" g_at
exit 0
