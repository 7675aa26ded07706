#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_nomatch
exit 0
