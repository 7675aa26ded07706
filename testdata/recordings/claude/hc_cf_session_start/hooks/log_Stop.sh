#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_Stop
exit 0
