#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
echo BLOCK-TEXT >&2
exit 2
