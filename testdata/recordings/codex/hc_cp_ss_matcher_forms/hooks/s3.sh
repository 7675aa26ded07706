#!/bin/bash
. "$(dirname "$0")/_capture.sh" s3
exit 0
