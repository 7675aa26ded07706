#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_if
exit 0
