#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_SubagentStop
exit 0
