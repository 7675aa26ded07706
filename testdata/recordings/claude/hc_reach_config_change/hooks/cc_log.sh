#!/bin/bash
. "$(dirname "$0")/_capture.sh" cc_log
exit 0
