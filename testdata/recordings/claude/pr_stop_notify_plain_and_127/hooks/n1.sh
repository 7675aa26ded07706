#!/bin/bash
. "$(dirname "$0")/_capture.sh" n1
echo 'webhook failed' >&2
exit 1
