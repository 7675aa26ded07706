#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" copy_settings
cp "$HOME/.qwen/settings.json" "$QWEN_PROJECT_DIR/settings-after-load.json"
exit 0
