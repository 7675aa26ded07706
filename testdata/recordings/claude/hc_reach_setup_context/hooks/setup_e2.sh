#!/bin/bash
. "$(dirname "$0")/_capture.sh" setup_e2
echo 'SETUP-E2' >&2
exit 2
