#!/bin/bash
. "$(dirname "$0")/_capture.sh" tdone
exit 0
