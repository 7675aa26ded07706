#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_UPS
exit 0
