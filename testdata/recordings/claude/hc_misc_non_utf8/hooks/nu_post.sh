#!/bin/bash
. "$(dirname "$0")/_capture.sh" nu_post
printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"BAD\xff\xfeBYTES"}}'
