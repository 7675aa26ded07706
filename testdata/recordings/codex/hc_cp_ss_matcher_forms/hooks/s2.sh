#!/bin/bash
. "$(dirname "$0")/_capture.sh" s2
exit 0
