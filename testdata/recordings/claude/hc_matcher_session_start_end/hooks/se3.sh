#!/bin/bash
. "$(dirname "$0")/_capture.sh" se3
exit 0
