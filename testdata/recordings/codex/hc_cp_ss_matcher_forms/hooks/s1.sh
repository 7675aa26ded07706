#!/bin/bash
. "$(dirname "$0")/_capture.sh" s1
exit 0
