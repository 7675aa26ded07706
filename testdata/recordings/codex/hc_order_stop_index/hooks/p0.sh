#!/bin/bash
. "$(dirname "$0")/_capture.sh" p0
exit 0
