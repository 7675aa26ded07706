#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m1
exit 0
