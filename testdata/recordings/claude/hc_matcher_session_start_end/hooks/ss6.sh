#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss6
exit 0
