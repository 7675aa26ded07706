#!/bin/bash
. "$(dirname "$0")/_capture.sh" m10
exit 0
