#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_11
exit 0
