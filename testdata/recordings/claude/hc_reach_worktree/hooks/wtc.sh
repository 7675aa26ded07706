#!/bin/bash
. "$(dirname "$0")/_capture.sh" wtc
d="$(dirname "$CLAUDE_PROJECT_DIR")/wt-hook"; mkdir -p "$d"; echo 'some log line' >&2; echo "$d"
