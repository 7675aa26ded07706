#!/bin/bash
. "$(dirname "$0")/_capture.sh" m2
exit 0
