#!/bin/bash
. "$(dirname "$0")/_capture.sh" m01
exit 0
