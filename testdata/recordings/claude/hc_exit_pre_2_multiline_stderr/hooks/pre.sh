#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf 'line one\nline two\n\nline four' >&2
exit 2
