#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m5
exit 0
