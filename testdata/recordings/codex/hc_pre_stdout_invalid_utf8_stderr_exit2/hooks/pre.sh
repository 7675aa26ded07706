#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf 'BAD-\xff-STDERR\n' >&2
exit 2
