#!/bin/bash
. "$(dirname "$0")/_capture.sh" r8
exit 0
