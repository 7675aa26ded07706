#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_nomatch
exit 0
