#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_e2
if hook_input_true stop_hook_active; then exit 0; fi
exit 2
