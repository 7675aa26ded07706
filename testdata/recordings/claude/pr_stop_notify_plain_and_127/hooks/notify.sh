#!/bin/bash
. "$(dirname "$0")/_capture.sh" notify
command -v notify-send >/dev/null 2>&1 && notify-send "Claude Code" "Task complete" || echo "Task complete (no notifier)"
