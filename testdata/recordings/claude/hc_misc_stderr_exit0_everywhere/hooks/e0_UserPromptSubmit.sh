#!/bin/bash
. "$(dirname "$0")/_capture.sh" e0_UserPromptSubmit
echo 'STDERR-UserPromptSubmit' >&2
exit 0
