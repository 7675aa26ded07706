#!/bin/bash
. "$(dirname "$0")/_capture.sh" s0
exit 0
