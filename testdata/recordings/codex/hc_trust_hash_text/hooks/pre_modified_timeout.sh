#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_modified_timeout
exit 0
