#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_read
exit 0
