#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo 'POST-PLAIN-TEXT'
exit 0
