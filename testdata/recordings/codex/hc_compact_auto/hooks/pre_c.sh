#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_c
exit 0
