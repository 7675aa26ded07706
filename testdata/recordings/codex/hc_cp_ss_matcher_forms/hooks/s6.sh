#!/bin/bash
. "$(dirname "$0")/_capture.sh" s6
exit 0
