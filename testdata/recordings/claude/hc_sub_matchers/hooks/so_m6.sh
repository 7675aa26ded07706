#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m6
exit 0
