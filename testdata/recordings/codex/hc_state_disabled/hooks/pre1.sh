#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre1
exit 0
