#!/bin/bash
. "$(dirname "$0")/_capture.sh" u0
exit 0
