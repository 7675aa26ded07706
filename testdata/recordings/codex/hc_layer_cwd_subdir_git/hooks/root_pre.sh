#!/bin/bash
. "$(dirname "$0")/_capture.sh" root_pre
exit 0
