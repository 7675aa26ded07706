#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_07
exit 0
