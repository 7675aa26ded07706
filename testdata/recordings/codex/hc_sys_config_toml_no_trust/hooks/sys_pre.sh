#!/bin/bash
. "$(dirname "$0")/_capture.sh" sys_pre
exit 0
