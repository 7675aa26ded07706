#!/bin/bash
. "$(dirname "$0")/_capture.sh" sfm2
exit 0
