#!/bin/bash
. "$(dirname "$0")/_capture.sh" cli_pre
exit 0
