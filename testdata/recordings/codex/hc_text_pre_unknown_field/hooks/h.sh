#!/bin/bash
. "$(dirname "$0")/_capture.sh" h
cat <<'J'
{"x": 1}
J
exit 0
