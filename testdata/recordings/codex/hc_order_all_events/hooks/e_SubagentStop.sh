#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_SubagentStop
exit 0
