#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_09
exit 0
