#!/bin/bash
. "$(dirname "$0")/_capture.sh" fail_if_false
exit 0
