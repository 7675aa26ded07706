#!/bin/bash
. "$(dirname "$0")/_capture.sh" w
echo hi > "$HOME/outside-hook.txt" && echo WROTE > hook-wrote.txt || echo FAILED > hook-wrote.txt
env | grep -i sandbox > sbx-env.txt
exit 0
