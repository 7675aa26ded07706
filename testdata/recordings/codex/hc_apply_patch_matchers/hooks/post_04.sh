#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_04
exit 0
