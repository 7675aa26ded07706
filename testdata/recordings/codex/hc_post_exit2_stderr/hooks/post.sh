#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo 'POST-EXIT2-FEEDBACK' >&2
exit 2
