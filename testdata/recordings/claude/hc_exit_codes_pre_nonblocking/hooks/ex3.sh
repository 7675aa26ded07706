#!/bin/bash
. "$(dirname "$0")/_capture.sh" ex3
echo 'EX3-STDERR' >&2
exit 3
