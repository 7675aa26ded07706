#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_server
kill "$(cat "$CLAUDE_PROJECT_DIR/.claude/srv.pid")" 2>/dev/null; exit 0
