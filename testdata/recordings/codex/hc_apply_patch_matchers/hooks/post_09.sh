#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_09
exit 0
