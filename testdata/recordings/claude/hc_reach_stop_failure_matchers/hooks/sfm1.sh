#!/bin/bash
. "$(dirname "$0")/_capture.sh" sfm1
exit 0
