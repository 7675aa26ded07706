#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss1
exit 0
