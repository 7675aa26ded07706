#!/bin/bash
. "$(dirname "$0")/_capture.sh" num
exit 0
