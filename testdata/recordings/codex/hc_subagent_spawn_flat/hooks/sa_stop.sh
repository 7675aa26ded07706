#!/bin/bash
. "$(dirname "$0")/_capture.sh" sa_stop
exit 0
