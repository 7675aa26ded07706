#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo 'post err' >&2
exit 1
