#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_Fail
exit 0
