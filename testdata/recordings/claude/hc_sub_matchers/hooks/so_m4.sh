#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m4
exit 0
