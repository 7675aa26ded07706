#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_if_false
exit 0
