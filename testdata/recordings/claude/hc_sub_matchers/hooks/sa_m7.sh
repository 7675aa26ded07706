#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_m7
exit 0
