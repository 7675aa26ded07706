#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_Pre
exit 0
