#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm4
exit 0
