#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m2
exit 0
