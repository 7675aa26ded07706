#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_compact
echo 'POSTCOMPACT-STDOUT'
