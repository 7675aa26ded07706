#!/bin/bash
. "$(dirname "$0")/_capture.sh" e_SessionStart
exit 0
