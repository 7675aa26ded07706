#!/bin/bash
. "$(dirname "$0")/_capture.sh" fmt2
exit 0
