#!/bin/bash
. "$(dirname "$0")/_capture.sh" dup_if
exit 0
