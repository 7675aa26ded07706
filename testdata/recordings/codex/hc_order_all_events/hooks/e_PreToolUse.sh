#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PreToolUse
exit 0
