#!/bin/bash
. "$(dirname "$0")/_capture.sh" bad
exit 0
