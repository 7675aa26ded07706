#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
echo '{bad'
exit 0
