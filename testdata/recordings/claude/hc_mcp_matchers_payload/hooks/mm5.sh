#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm5
exit 0
