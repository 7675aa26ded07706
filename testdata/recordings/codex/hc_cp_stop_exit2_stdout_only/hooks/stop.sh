#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
echo 'please run tests'
exit 2
