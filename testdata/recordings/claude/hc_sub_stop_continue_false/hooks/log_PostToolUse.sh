#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_PostToolUse
exit 0
