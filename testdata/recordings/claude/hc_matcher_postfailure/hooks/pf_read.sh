#!/bin/bash
. "$(dirname "$0")/_capture.sh" pf_read
exit 0
