#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'SS-E2-STDOUT'
echo 'SS-E2-STDERR' >&2
exit 2
