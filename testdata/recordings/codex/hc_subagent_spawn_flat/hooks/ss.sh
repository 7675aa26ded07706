#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss
exit 0
