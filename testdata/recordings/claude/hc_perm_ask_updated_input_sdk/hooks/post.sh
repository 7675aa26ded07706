#!/bin/bash
. "$(dirname "$0")/_capture.sh" post

exit 0
