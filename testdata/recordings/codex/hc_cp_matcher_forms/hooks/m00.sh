#!/bin/bash
. "$(dirname "$0")/_capture.sh" m00
exit 0
