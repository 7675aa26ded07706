#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m0
exit 0
