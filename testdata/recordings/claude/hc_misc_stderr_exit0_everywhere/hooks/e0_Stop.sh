#!/bin/bash
. "$(dirname "$0")/_capture.sh" e0_Stop
echo 'STDERR-Stop' >&2
exit 0
