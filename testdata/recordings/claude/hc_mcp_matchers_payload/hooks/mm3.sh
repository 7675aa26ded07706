#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm3
exit 0
