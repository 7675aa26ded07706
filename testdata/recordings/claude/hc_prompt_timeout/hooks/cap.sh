#!/bin/bash
. "$(dirname "$0")/_capture.sh" cap
exit 0
