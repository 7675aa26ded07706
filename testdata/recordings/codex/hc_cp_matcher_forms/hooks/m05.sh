#!/bin/bash
. "$(dirname "$0")/_capture.sh" m05
exit 0
