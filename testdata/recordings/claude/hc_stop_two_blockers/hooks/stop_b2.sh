#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_b2
if hook_input_true stop_hook_active; then exit 0; fi
sleep 0.3
echo 'EXIT2-TWO' >&2
exit 2
