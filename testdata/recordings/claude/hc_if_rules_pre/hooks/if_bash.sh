#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_bash
exit 0
