#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
echo SS-STDOUT-EXIT1
exit 1
