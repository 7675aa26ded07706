#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
echo POSTMODELREQUEST-PLAIN
exit 0
