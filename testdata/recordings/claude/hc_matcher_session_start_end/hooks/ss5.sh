#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss5
exit 0
