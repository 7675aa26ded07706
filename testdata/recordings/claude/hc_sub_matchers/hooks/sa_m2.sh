#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m2
exit 0
