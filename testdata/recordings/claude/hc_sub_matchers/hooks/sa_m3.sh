#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m3
exit 0
