#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m5
exit 0
