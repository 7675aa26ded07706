#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m6
exit 0
