#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_other
exit 0
