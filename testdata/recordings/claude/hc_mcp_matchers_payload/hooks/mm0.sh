#!/bin/bash
. "$(dirname "$0")/_capture.sh" mm0
exit 0
