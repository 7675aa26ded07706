#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_mr
exit 0
