#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_10
exit 0
