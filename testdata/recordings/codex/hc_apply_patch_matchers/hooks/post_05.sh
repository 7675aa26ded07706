#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_05
exit 0
