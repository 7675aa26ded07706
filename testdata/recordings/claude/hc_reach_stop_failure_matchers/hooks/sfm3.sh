#!/bin/bash
. "$(dirname "$0")/_capture.sh" sfm3
exit 0
