#!/bin/bash
. "$(dirname "$0")/_capture.sh" m38
exit 0
