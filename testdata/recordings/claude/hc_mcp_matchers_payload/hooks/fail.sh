#!/bin/bash
. "$(dirname "$0")/_capture.sh" fail
exit 0
