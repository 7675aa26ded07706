#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_log
exit 0
