#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_compact
exit 0
