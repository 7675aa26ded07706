#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_11
exit 0
