#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'UPS-E1' >&2
exit 1
