#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_01
exit 0
