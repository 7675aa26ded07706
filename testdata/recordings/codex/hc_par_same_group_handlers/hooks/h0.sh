#!/bin/bash
. "$(dirname "$0")/_capture.sh" h0
sleep 0.3
exit 0
