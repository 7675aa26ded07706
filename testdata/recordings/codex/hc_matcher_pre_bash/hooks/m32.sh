#!/bin/bash
. "$(dirname "$0")/_capture.sh" m32
exit 0
