#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
echo 'dying' >&2
kill -9 $$
