#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m0
exit 0
