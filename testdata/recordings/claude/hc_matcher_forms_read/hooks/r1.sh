#!/bin/bash
. "$(dirname "$0")/_capture.sh" r1
exit 0
