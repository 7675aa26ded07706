#!/bin/bash
. "$(dirname "$0")/_capture.sh" pre_modified_cmd
exit 0
