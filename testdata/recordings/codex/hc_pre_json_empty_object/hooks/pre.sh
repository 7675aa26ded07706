#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre
cat <<'J'
{}
J
exit 0
