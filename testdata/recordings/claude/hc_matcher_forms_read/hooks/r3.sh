#!/bin/bash
. "$(dirname "$0")/_capture.sh" r3
exit 0
