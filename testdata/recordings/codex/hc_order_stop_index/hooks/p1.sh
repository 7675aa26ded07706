#!/bin/bash
. "$(dirname "$0")/_capture.sh" p1
exit 0
