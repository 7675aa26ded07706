#!/bin/bash
. "$(dirname "$0")/_capture.sh" l
exit 0
