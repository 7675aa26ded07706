#!/bin/bash
. "$(dirname "$0")/_capture.sh" cc
echo 'CC-BLOCK' >&2
exit 2
