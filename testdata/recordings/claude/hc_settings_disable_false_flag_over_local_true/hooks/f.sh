#!/bin/bash
. "$(dirname "$0")/_capture.sh" f
exit 0
