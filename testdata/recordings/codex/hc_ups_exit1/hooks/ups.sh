#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
echo 'UPS-STDOUT-ON-EXIT1'
echo err >&2
exit 1
