#!/bin/bash
. "$(dirname "$0")/_capture.sh" clear
echo CLEAR
exit 0
