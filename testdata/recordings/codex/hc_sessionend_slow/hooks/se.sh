#!/bin/bash
. "$(dirname "$0")/_capture.sh" se
sleep 3
exit 0
