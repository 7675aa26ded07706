#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre0
exit 0
