#!/bin/bash
. "$(dirname "$0")/_capture.sh" m15
exit 0
