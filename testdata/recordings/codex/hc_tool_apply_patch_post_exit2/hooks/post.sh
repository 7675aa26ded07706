#!/bin/bash
. "$(dirname "$0")/_capture.sh" post
echo AP-POST-EXIT2 >&2
exit 2
