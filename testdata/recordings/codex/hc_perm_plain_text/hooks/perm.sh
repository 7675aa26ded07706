#!/bin/bash
. "$(dirname "$0")/_capture.sh" perm
echo hello
exit 0
