#!/bin/bash
. "$(dirname "$0")/_capture.sh" upsp
printf '• project rules: use tabs\n'
