#!/bin/bash
. "$(dirname "$0")/_capture.sh" se_log
exit 0
