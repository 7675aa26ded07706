#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_if
exit 0
