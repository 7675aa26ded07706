#!/bin/bash
. "$(dirname "$0")/_capture.sh" proj_stop
exit 0
