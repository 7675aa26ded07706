#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_nomatch
exit 0
