#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_e2o
if hook_input_true stop_hook_active; then exit 0; fi
echo 'STOP-STDOUT-ONLY'
exit 2
