#!/bin/bash
. "$(dirname "$0")/_capture.sh" user_pre
exit 0
