#!/bin/bash
. "$(dirname "$0")/_capture.sh" lower
exit 0
