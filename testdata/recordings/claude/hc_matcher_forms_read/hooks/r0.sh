#!/bin/bash
. "$(dirname "$0")/_capture.sh" r0
exit 0
