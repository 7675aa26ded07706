#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_10
exit 0
