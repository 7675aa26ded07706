#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
echo plain
exit 0
