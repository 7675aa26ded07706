#!/bin/bash
. "$(dirname "$0")/_capture.sh" pf_bash
exit 0
