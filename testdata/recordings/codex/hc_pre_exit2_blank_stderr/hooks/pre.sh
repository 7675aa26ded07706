#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
printf '  \n\t\n' >&2
exit 2
