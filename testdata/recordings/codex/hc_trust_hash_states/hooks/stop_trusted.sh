#!/bin/bash
. "$(dirname "$0")/_capture.sh" stop_trusted
exit 0
