#!/bin/bash
. "$(dirname "$0")/_capture.sh" dup
exit 0
