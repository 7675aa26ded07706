#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo GOAL-EXIT2 >&2
exit 2
