#!/bin/bash
. "$(dirname "$0")/_capture.sh" ups_if
exit 0
