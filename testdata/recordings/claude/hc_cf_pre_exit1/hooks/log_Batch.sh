#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_Batch
exit 0
