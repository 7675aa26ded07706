#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_06
exit 0
