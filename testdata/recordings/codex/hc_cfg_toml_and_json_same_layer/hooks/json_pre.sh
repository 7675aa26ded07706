#!/bin/bash
. "$(dirname "$0")/_capture.sh" json_pre
exit 0
