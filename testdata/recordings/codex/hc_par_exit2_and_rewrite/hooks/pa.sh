#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
sleep 0.4
echo EXIT2-A >&2
exit 2
