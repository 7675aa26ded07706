#!/bin/bash
. "$(dirname "$0")/_capture.sh" m09
exit 0
