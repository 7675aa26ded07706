#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_SubagentStart
exit 0
