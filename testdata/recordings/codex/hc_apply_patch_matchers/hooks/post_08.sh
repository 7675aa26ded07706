#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_08
exit 0
