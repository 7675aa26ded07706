#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_c
echo PRECOMPACT-EXIT2 >&2
exit 2
