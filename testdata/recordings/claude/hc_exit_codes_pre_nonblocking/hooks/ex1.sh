#!/bin/bash
. "$(dirname "$0")/_capture.sh" ex1
echo 'EX1-STDERR' >&2
exit 1
