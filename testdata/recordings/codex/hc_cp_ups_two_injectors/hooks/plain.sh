#!/bin/bash
. "$(dirname "$0")/_capture.sh" plain
printf 'Branch: main\nDirty: no\n\n\n'
exit 0
