#!/bin/bash
. "$(dirname "$0")/_capture.sh" exd
echo 'EXEC-DENY' >&2
exit 2
