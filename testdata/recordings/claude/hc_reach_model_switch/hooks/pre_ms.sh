#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_ms
exit 0
