#!/bin/bash
. "$(dirname "$0")/_capture.sh" pc_auto
exit 0
