#!/bin/bash
. "$(dirname "$0")/_capture.sh" log_Post
exit 0
