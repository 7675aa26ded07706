#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_e2
echo 'SUBSTART-EXIT2-STDERR' >&2
exit 2
