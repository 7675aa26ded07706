#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo '{bad'
exit 0
