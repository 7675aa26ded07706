#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_regex
exit 0
