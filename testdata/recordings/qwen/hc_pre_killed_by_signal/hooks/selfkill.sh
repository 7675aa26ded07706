#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" selfkill
printf '%s\n' '{"decision":"deny","reason":"KILLED-JSON"}'
kill -KILL $$
