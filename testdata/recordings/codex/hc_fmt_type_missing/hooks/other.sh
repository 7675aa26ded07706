#!/bin/bash
. "$(dirname "$0")/_capture.sh" other
exit 0
