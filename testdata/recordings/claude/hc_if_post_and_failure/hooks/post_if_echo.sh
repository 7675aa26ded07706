#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_if_echo
exit 0
