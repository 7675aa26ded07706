#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m1
exit 0
