#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
if hook_input_true stop_hook_active; then exit 0; fi
python3 -c "import sys; sys.stderr.write('BIGSE-'+'q'*30000+'-END')"
exit 2
