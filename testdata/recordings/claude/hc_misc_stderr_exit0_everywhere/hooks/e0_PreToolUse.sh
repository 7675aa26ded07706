#!/bin/bash
. "$(dirname "$0")/_capture.sh" e0_PreToolUse
echo 'STDERR-PreToolUse' >&2
exit 0
