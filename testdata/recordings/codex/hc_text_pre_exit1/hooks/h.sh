#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
echo err-text >&2
exit 1
