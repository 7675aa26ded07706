#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss4
exit 0
