#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
echo SS-EXIT2 >&2
exit 2
