#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
echo SS-TEXT-MODE
exit 0
