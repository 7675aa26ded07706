#!/bin/bash
. "$(dirname "$0")/_capture.sh" s_a
exit 0
