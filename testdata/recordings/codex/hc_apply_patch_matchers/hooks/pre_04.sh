#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_04
exit 0
