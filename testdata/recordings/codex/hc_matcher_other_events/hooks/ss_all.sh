#!/bin/bash
. "$(dirname "$0")/_capture.sh" ss_all
exit 0
