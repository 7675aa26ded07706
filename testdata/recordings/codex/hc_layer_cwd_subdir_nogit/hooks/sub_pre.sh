#!/bin/bash
. "$(dirname "$0")/_capture.sh" sub_pre
exit 0
