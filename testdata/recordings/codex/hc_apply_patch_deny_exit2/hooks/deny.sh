#!/bin/bash
. "$(dirname "$0")/_capture.sh" deny
echo 'AP-DENY-EXIT2: no edits today' >&2
exit 2
