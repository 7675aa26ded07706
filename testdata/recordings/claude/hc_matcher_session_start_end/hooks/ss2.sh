#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss2
exit 0
