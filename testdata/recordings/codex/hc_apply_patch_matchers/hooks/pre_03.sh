#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_03
exit 0
