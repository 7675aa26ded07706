#!/bin/bash
. "$(dirname "$0")/_capture.sh" m1
exit 0
