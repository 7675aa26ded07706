#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'POST-E1' >&2
exit 1
