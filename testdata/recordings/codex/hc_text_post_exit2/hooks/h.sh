#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
echo POST-FB-TXT >&2
exit 2
