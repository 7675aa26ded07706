#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_git
exit 0
