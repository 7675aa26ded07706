#!/bin/bash
. "$(dirname "$0")/_capture.sh" m18
exit 0
