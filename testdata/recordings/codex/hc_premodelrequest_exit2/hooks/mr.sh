#!/bin/bash
. "$(dirname "$0")/_capture.sh" mr
echo PREMODELREQUEST-EXIT2 >&2
exit 2
