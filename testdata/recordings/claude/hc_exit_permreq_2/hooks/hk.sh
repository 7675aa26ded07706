#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'PERM-E2' >&2
exit 2
