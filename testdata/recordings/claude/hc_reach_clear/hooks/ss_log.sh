#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_log
exit 0
