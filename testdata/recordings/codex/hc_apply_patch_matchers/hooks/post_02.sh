#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_02
exit 0
