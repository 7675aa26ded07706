#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_UserPromptSubmit
exit 0
