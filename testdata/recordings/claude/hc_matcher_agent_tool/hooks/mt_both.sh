#!/bin/bash
. "$(dirname "$0")/_capture.sh" mt_both
exit 0
