#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_PostToolUse
exit 0
