#!/bin/bash
. "$(dirname "$0")/_capture.sh" r7
exit 0
