#!/bin/bash
. "$(dirname "$0")/_capture.sh" m3
exit 0
