#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_06
exit 0
