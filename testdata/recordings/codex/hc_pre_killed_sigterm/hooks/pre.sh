#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
trap - TERM
echo 'dying' >&2
kill -TERM $$
