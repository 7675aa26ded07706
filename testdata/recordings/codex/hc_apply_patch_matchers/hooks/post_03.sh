#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_03
exit 0
