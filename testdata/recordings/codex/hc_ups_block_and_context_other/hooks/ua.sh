#!/bin/bash
. "$(dirname "$0")/_capture.sh" ua
echo UPS-BLOCK-A >&2
exit 2
