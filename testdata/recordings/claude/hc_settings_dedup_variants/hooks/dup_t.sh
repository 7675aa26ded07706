#!/bin/bash
. "$(dirname "$0")/_capture.sh" dup_t
exit 0
