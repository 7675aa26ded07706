#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm1
exit 0
