#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm2
exit 0
