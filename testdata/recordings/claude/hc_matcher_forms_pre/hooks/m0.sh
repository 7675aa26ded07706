#!/bin/bash
. "$(dirname "$0")/_capture.sh" m0
exit 0
