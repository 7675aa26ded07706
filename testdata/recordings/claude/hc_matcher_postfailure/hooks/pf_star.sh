#!/bin/bash
. "$(dirname "$0")/_capture.sh" pf_star
exit 0
