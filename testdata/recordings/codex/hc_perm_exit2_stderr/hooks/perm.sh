#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
echo PERM-EXIT2-REASON >&2
exit 2
