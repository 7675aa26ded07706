#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'UPS-PLAIN-E1'
exit 1
