#!/bin/bash
. "$(dirname "$0")/_capture.sh" dup_sh
exit 0
