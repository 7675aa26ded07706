#!/bin/bash
. "$(dirname "$0")/_capture.sh" m6
exit 0
