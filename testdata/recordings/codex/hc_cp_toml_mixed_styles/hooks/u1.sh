#!/bin/bash
. "$(dirname "$0")/_capture.sh" u1
echo 'plain from toml'
exit 0
