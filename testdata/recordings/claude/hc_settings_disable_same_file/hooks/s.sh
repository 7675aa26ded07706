#!/bin/bash
. "$(dirname "$0")/_capture.sh" s
exit 0
