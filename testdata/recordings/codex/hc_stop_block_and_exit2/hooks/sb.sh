#!/bin/bash
. "$(dirname "$0")/_capture.sh" sb
if hook_input_true stop_hook_active; then exit 0; fi
echo STOP-EXIT2-B >&2
exit 2
