#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_rm
exit 0
