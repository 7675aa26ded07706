#!/bin/bash
. "$(dirname "$0")/_capture.sh" hk
echo 'SE-E2' >&2
exit 2
