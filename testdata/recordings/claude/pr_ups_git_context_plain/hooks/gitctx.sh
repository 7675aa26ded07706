#!/bin/bash
. "$(dirname "$0")/_capture.sh" gitctx
echo
echo "Current branch: $(git branch --show-current)"
echo "Uncommitted files: $(git status --porcelain | wc -l | tr -d ' ')"
echo "Reminder: run tests before committing."
echo
echo
