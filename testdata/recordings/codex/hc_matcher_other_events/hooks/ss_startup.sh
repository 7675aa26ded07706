#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_startup
exit 0
