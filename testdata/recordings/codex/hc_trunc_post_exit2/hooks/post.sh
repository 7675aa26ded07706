#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
python3 -c "import sys; sys.stderr.write('BIGPE-'+'e'*50000+'-END')"
exit 2
