#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_SubagentStart
exit 0
