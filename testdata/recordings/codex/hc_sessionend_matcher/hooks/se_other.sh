#!/bin/bash
. "$(dirname "$0")/_capture.sh" se_other
exit 0
