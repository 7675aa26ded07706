#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_disabled
exit 0
