#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_End
exit 0
