#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_c
exit 0
