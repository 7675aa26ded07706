#!/bin/bash
. "$(dirname "$0")/_capture.sh" sfm0
exit 0
