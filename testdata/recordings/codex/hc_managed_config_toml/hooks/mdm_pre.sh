#!/bin/bash
. "$(dirname "$0")/_capture.sh" mdm_pre
exit 0
