#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop
exit 0
