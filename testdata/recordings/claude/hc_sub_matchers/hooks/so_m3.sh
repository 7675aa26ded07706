#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m3
exit 0
