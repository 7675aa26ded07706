#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_00
exit 0
