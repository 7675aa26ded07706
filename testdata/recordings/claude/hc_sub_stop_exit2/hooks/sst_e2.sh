#!/bin/bash
. "$(dirname "$0")/_capture.sh" sst_e2
if hook_input_true stop_hook_active; then exit 0; fi
echo 'SUBSTOP-EXIT2' >&2
exit 2
