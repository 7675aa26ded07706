#!/bin/bash
. "$(dirname "$0")/_capture.sh" md_e2
echo 'MD-E2' >&2
exit 2
