#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" badjson2
printf '%s\n' '{not json BADJSON2'
exit 2
