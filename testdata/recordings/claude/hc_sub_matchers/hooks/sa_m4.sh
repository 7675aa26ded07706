#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m4
exit 0
