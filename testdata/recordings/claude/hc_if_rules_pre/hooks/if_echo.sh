#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_echo
exit 0
