#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_all
exit 0
