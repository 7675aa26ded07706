#!/bin/bash
. "$(dirname "$0")/_capture.sh" pa
echo FB-A >&2
exit 2
