#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
echo SE-EXIT2 >&2
exit 2
