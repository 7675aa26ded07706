#!/bin/bash
. "$(dirname "$0")/_capture.sh" upslat
printf '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"bad\xffbyte"}}\n'
