#!/bin/bash
. "$(dirname "$0")/_capture.sh" nomatcher
exit 0
