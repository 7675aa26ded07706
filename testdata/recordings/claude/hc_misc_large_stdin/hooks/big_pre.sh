#!/bin/bash
. "$(dirname "$0")/_capture.sh" big_pre
exit 0
