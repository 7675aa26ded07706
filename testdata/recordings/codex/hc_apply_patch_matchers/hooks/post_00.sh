#!/bin/bash
. "$(dirname "$0")/_capture.sh" post_00
exit 0
