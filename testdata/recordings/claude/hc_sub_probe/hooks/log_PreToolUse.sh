#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_PreToolUse
exit 0
