#!/bin/bash
. "$(dirname "$0")/_capture.sh" m13
exit 0
