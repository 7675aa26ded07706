#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
echo POSTMODELREQUEST-EXIT2 >&2
exit 2
