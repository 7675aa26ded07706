#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
echo PREMODELREQUEST-PLAIN
exit 0
