#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" badjson
printf '%s\n' '{not json'
exit 0
