#!/bin/bash
. "$(dirname "$0")/_capture.sh" r15
exit 0
