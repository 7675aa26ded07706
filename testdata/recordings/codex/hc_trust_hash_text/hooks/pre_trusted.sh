#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_trusted
exit 0
