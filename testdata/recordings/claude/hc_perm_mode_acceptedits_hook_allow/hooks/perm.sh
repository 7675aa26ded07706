#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm

exit 0
