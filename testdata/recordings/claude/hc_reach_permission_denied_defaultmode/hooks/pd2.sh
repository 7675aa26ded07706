#!/bin/bash
. "$(dirname "$0")/_capture.sh" pd2
exit 0
