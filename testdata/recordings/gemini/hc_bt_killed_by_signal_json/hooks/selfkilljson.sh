#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" selfkilljson
printf '%s\n' '{"decision":"deny","reason":"KILLED-JSON-DENY"}'
kill -KILL $$
