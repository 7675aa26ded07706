#!/bin/bash
. "$(dirname "$0")/_capture.sh" first_pre
exit 0
