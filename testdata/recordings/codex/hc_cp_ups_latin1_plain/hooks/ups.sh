#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
printf 'caf\xe9 na\xefve ctx'
exit 0
