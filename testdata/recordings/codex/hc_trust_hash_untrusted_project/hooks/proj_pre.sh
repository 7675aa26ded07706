#!/bin/bash
. "$(dirname "$0")/_capture.sh" proj_pre
exit 0
