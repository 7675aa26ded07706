#!/bin/bash
. "$(dirname "$0")/_capture.sh" ub
echo UPS-PLAIN-B
exit 0
