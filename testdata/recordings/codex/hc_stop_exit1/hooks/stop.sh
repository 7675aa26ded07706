#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
echo err >&2
exit 1
