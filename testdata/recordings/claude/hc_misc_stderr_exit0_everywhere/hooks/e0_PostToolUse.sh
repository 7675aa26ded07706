#!/bin/bash
. "$(dirname "$0")/_capture.sh" e0_PostToolUse
echo 'STDERR-PostToolUse' >&2
exit 0
