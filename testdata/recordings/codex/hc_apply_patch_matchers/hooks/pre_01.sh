#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_01
exit 0
