#!/bin/bash
. "$(dirname "$0")/_capture.sh" wtr
exit 0
