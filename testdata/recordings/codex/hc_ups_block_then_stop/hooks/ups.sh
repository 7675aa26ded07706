#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups
echo UPS-BLOCKED >&2
exit 2
