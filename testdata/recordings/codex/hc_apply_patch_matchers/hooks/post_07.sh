#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_07
exit 0
