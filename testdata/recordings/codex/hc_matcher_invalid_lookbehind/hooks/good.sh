#!/bin/bash
. "$(dirname "$0")/_capture.sh" good
exit 0
