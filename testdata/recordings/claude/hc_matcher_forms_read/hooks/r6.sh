#!/bin/bash
. "$(dirname "$0")/_capture.sh" r6
exit 0
