#!/bin/bash
. "$(dirname "$0")/_capture.sh" s5
exit 0
