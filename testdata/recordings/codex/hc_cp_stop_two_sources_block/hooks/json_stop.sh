#!/bin/bash
. "$(dirname "$0")/_capture.sh" json_stop
if hook_input_true stop_hook_active; then exit 0; fi
echo 'run the tests' >&2
exit 2
