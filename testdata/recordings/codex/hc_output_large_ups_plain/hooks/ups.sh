#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
python3 -c "print('BIGU-'+'u'*60000+'-END')"
exit 0
