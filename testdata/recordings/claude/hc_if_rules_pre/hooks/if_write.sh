#!/bin/bash
. "$(dirname "$0")/_capture.sh" if_write
exit 0
