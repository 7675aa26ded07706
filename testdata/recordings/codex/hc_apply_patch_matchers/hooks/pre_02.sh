#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_02
exit 0
