#!/bin/bash
. "$(dirname "$0")/_capture.sh" m5
exit 0
