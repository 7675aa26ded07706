#!/bin/bash
. "$(dirname "$0")/_capture.sh" pc_all
exit 0
