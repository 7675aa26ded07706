#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
echo SS-PLAIN-TEXT
exit 0
