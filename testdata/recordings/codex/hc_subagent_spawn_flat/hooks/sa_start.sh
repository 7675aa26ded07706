#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_start
exit 0
