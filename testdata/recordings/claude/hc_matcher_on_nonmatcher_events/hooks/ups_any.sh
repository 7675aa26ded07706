#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_any
exit 0
