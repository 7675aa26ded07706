#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '\n  line one\nline two  \n\n' >&2
exit 2
