#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_PostToolBatch
exit 0
