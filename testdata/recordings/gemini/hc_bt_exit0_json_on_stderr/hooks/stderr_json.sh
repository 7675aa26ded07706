#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" stderr_json
printf '%s\n' '{"decision":"deny","reason":"STDERR-JSON-DENY"}' >&2
exit 0
