#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_05
exit 0
