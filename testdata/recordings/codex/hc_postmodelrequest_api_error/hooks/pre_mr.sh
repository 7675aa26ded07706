#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_mr
exit 0
