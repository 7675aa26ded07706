#!/bin/bash
. "$(dirname "$0")/_capture.sh" wfpost
exit 0
