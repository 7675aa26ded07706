#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_plain
exit 0
