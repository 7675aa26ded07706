#!/bin/bash
. "$(dirname "$0")/_capture.sh" so_m7
exit 0
