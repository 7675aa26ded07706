#!/bin/bash
. "$(dirname "$0")/_capture.sh" il_e2
echo 'IL-E2' >&2
exit 2
