#!/bin/bash
. "$(dirname "$0")/_capture.sh" se2
exit 0
