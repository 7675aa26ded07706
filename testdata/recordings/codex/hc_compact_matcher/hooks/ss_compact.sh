#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_compact
exit 0
