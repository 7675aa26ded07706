#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_UserPromptSubmit
exit 0
