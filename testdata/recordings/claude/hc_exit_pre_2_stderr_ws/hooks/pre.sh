#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '  \n\n' >&2
exit 2
