#!/bin/bash
. "$(dirname "$0")/_capture.sh" u
exit 0
