#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_nomatch
exit 0
