#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
python3 -c "import sys; sys.stderr.write('BIGXE-'+'r'*50000+'-END')"
exit 2
