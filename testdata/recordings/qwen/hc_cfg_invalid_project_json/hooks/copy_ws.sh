#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" copy_ws
mkdir -p "$QWEN_PROJECT_DIR/copied"; cp "$QWEN_PROJECT_DIR/.qwen/settings.json" "$QWEN_PROJECT_DIR/copied/settings.json" 2>/dev/null; cp "$QWEN_PROJECT_DIR/.qwen/settings.json.corrupted" "$QWEN_PROJECT_DIR/copied/settings.json.corrupted" 2>/dev/null; ls -a "$QWEN_PROJECT_DIR/.qwen" > "$QWEN_PROJECT_DIR/copied/ls.txt"
exit 0
