#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm6
exit 0
