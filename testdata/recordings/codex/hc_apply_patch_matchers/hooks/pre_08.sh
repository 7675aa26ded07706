#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_08
exit 0
