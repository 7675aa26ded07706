#!/bin/bash
. "$(dirname "$0")/_capture.sh" envp
env | sort | grep -E '^(CODEX|CLAUDE|GEMINI|PWD|SHLVL|OLDPWD|PLUGIN|HOOK|TERM|LANG|SHELL|ORACLE)' > env.txt
exit 0
