#!/bin/bash
__oracle_args=("$@")
. "$(dirname "$0")/_capture.sh" ba_m
exit 0
